import { CacheProvider } from '@emotion/react';
import { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Admin, CustomRoutes, memoryStore, Resource } from 'react-admin';
import { Route } from 'react-router';
import { authProvider } from '../auth/authProvider.js';
import { LoginPage } from '../auth/LoginPage.js';
import { direction } from '../i18n/language.js';
import { languageStore } from '../i18n/language-store.js';
import { Layout } from '../layout/Layout.js';
import { CREATE_ROUTES, dataProvider } from './folders.js';
import { consoleI18nProvider } from './i18n.js';
import { SCREENS } from './screens.js';
import { consoleTheme, emotionCaches } from './theme.js';
import { Today } from '../today/Today.js';

const i18nProvider = consoleI18nProvider();
const store = memoryStore();
/**
 * A refusal (4xx: not found, forbidden, invalid) will not change by asking again: it is shown at
 * once. Only a failure on the way (offline, 5xx) is tried again, twice.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => {
        const status = (error as { status?: number }).status ?? 0;
        return !(status >= 400 && status < 500) && failures < 2;
      },
    },
  },
});

/**
 * The staff console: react-admin over the typed client. Nothing is kept in localStorage but the
 * language choice (memoryStore); the key lives in sessionStorage.
 */
export function App() {
  const language = useSyncExternalStore(languageStore.subscribe, languageStore.get);
  const dir = direction(language);
  useEffect(() => {
    document.documentElement.dir = dir;
    document.documentElement.lang = language;
  }, [dir, language]);
  const theme = useMemo(() => consoleTheme(dir), [dir]);

  return (
    <CacheProvider value={emotionCaches[dir]}>
      <Admin
        title="VPO"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        queryClient={queryClient}
        theme={theme}
        loginPage={LoginPage}
        layout={Layout}
        dashboard={Today}
        requireAuth
        disableTelemetry
      >
        {SCREENS.flatMap((folder) => folder.resources ?? []).map((resource) => (
          // The create route goes with the resource: its create button shows only to a key that may call it (common/CreateAction).
          <Resource key={resource.name} {...resource} options={{ createRoute: CREATE_ROUTES[resource.name] }} />
        ))}
        <CustomRoutes>
          {SCREENS.flatMap((folder) => folder.routes ?? []).map(({ path, element: Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
        </CustomRoutes>
      </Admin>
    </CacheProvider>
  );
}
