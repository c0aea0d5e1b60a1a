import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const root = document.getElementById('root');
if (root)
  createRoot(root, {
    // A section's boundary has already shown its fallback card; the error is kept for whoever looks.
    onCaughtError: (error, info) => console.warn('A section could not be shown:', error, info.componentStack),
  }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
