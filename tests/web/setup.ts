// jsdom tests render whole pages on a shared 2-core machine: the default 1 s wait for an element is
// a flake, not a check. Ten seconds is still below the test timeout (30 s for this project).
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
