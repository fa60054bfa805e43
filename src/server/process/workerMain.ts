// The file the supervisor forks for each HTTP worker (cluster.setupPrimary's `exec`).
import { runWorker } from './worker';

await runWorker();
