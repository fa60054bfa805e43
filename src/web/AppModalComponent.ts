// Mantine's Modal as a module of its own, so AppModal.tsx can load it on demand: a dynamic import
// of '@mantine/core' itself would pull the whole library into the first chunk.
export { Modal } from '@mantine/core';
