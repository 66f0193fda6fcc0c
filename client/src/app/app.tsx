import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { router } from './router';

const openOffline = () => void router.navigate('/offline');

export function App() {
  return (
    <AppProvider openOffline={openOffline}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
