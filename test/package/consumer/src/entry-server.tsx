import { renderToString } from 'react-dom/server';
import { App, type AppProps } from './App.js';

export const render = (props: AppProps): string => renderToString(<App {...props} />);
