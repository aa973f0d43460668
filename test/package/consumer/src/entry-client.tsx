import { hydrateRoot } from 'react-dom/client';
import { App, type AppProps } from './App.js';

const props = JSON.parse(document.getElementById('app-props')?.textContent ?? '{}') as AppProps;
const root = document.getElementById('root');
if (root) hydrateRoot(root, <App {...props} />);
