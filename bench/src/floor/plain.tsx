/** The floor's "React" build: one bundle, React 19 renders the page (no federation). */
import { createRoot } from 'react-dom/client';
import Page from './Page';

createRoot(document.getElementById('root')!).render(<Page />);
