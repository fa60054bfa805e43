// Its own file so the engine can throw it without importing the provider registry (an import cycle).
/** Thrown by verify when the pool is full: the route answers code `faceEngineBusy`. */
export class FaceEngineBusyError extends Error {
  constructor(message = 'the face engine is busy') {
    super(message);
    this.name = 'FaceEngineBusyError';
  }
}
