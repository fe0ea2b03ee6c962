import { Alert, Box, Button, Stack } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';

type Words = { title: string; help: string; reload: string; home: string };

interface Props {
  children: ReactNode;
  /** Words in the page's language, read when the error shows (this sits above react-admin's translations). */
  words?: () => Words;
}

export const ENGLISH: Words = {
  title: 'Something went wrong on this screen.',
  help: 'Reload this screen, or go back to Today.',
  reload: 'Reload',
  home: 'Go to Today',
};

export const ARABIC: Words = {
  title: 'حدث خطأ ما في هذه الشاشة.',
  help: 'أعد تحميل هذه الشاشة أو عد إلى «اليوم».',
  reload: 'إعادة التحميل',
  home: 'الذهاب إلى «اليوم»',
};

/** The last resort: an error in rendering shows words and a way out, never a blank page. */
export class ErrorBoundary extends Component<Props, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('console error', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const words = this.props.words?.() ?? ENGLISH;
    return (
      <Box component="main" sx={{ p: 4 }}>
        <Alert severity="error" role="alert">
          <strong>{words.title}</strong> {words.help}
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12, mt: 1 }}>
            {error.message}
          </Box>
        </Alert>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {words.reload}
          </Button>
          <Button href={`${import.meta.env.BASE_URL}#/`} onClick={() => this.setState({ error: undefined })}>
            {words.home}
          </Button>
        </Stack>
      </Box>
    );
  }
}
