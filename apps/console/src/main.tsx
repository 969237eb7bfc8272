import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/AppRouter';
import { ConsoleProviders, newQueryClient } from './app/providers';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleProviders client={newQueryClient()}>
      <AppRouter />
    </ConsoleProviders>
  </StrictMode>,
);
