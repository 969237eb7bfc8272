import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installSessionRule } from './lib/session';
import { restoreSession } from './stores/session';
import { Providers } from './app/providers';
import { AppRouter } from './app/AppRouter';
import './styles/global.css';

// Order matters: the 5-minute rule may clear the token cookies (R32) before the session is read.
installSessionRule();
restoreSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
