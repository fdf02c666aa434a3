/**
 * The merchant admin at `/admin/`: a Preact app on @preact/signals and the typed client,
 * signed in by the session cookie (src/service/admin/README.md).
 * @module
 */
import { render } from 'preact';
import { App } from './components/App.tsx';
import { loadSession, session } from './models/session.ts';

render(<App />, document.getElementById('admin')!);
loadSession().catch(() => (session.value = null));
