import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Language } from '../i18n/format.js';
import { rememberChoice } from '../i18n/language-store.js';

/** English / العربية: the choice is remembered in this browser and overrides the person's default. */
export function LanguageSwitch({ color }: { color?: 'inherit' }) {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={locale}
      aria-label={translate('vpo.language.label')}
      onChange={(_, value: Language | null) => {
        if (!value) return;
        rememberChoice(value);
        setLocale(value);
      }}
      sx={
        color === 'inherit'
          ? {
              '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.5)' },
              '& .Mui-selected': { bgcolor: 'rgba(255,255,255,0.2) !important', color: 'inherit !important' },
            }
          : undefined
      }
    >
      <ToggleButton value="en" lang="en">
        English
      </ToggleButton>
      <ToggleButton value="ar" lang="ar">
        العربية
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
