// The file the supervisor forks for each HTTP worker (cluster.setupPrimary's `exec`). The test-only
// start fault comes before the app's modules load, so a crash loop costs little time per round.
import { crashAtStartIfAsked } from './testFaults';

crashAtStartIfAsked();
const { runWorker } = await import('./worker');
await runWorker();
