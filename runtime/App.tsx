import { BrowserRouter, Route, Routes } from 'react-router';
import { AlertsProvider } from './alerts/AlertsProvider';
import { routes } from './generated/registry';
import { UserLanguage } from './i18n/UserLanguage';
import { RouteScreen } from './routing/RouteScreen';
import { CurrentUserProvider } from './session/CurrentUserProvider';

/** The SPA: history-mode routes from the generated registry, inside session and alert state. */
export function App() {
  return (
    <BrowserRouter>
      <CurrentUserProvider>
        <AlertsProvider>
          <UserLanguage />
          <Routes>
            {routes.map((route) => (
              <Route key={route.name} path={route.path} element={<RouteScreen route={route} />} />
            ))}
          </Routes>
        </AlertsProvider>
      </CurrentUserProvider>
    </BrowserRouter>
  );
}
