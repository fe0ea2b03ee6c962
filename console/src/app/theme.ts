import createCache, { type EmotionCache } from '@emotion/cache';
import { createTheme, type Theme } from '@mui/material/styles';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { defaultTheme } from 'react-admin';
import { prefixer } from 'stylis';

/**
 * One Emotion cache per direction: the right-to-left one flips margins, paddings and sides of
 * every MUI style. System fonts only (nothing is fetched from the internet).
 */
export const emotionCaches: Record<'ltr' | 'rtl', EmotionCache> = {
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
  ltr: createCache({ key: 'muiltr', stylisPlugins: [prefixer] }),
};

const fontFamily = 'system-ui, "Segoe UI", "Noto Sans", "Noto Sans Arabic", Tahoma, Arial, sans-serif';

/** react-admin's theme with the page's direction, and blues dark enough for white text (WCAG AA). */
export function consoleTheme(direction: 'ltr' | 'rtl'): Theme {
  return createTheme({
    ...defaultTheme,
    direction,
    typography: { fontFamily },
    palette: {
      ...defaultTheme.palette,
      primary: { main: '#1565c0' },
      secondary: { main: '#0d47a1' },
      // Darker than MUI's defaults, so outlined chips and text in these colours pass WCAG AA on white.
      warning: { main: '#9a4d00' },
      success: { main: '#1b5e20' },
      info: { main: '#01579b' },
      error: { main: '#c62828' },
    },
  });
}
