// jsdom tests render whole pages on a shared 2-core machine: the default 1 s wait for an element is
// a flake, not a check. Five seconds is still far below the test timeout.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
