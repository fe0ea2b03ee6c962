import { CacheProvider } from '@emotion/react';
import { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Admin, CustomRoutes, memoryStore, Resource } from 'react-admin';
import { Route } from 'react-router';
import { dataProvider } from '../api/dataProvider';
import { authProvider } from '../auth/authProvider';
import { LoginPage } from '../auth/LoginPage';
import { direction } from '../i18n/language.js';
import { languageStore } from '../i18n/language-store';
import { Layout } from '../layout/Layout';
import { resources, screen } from './resources';
import { consoleI18nProvider } from './i18n';
import { consoleTheme, emotionCaches } from './theme';
import { Today } from '../today/Today';

const OrderBoard = screen(() => import('../orders/OrderBoard'), 'OrderBoard');
const TenantProfile = screen(() => import('../admin/TenantProfile'), 'TenantProfileScreen');
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
        {resources.map((resource) => (
          <Resource key={resource.name} {...resource} />
        ))}
        <CustomRoutes>
          <Route path="/board" element={<OrderBoard />} />
          <Route path="/tenant-profile" element={<TenantProfile />} />
        </CustomRoutes>
      </Admin>
    </CacheProvider>
  );
}
