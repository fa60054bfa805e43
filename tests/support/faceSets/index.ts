// The face presentation-attack test material (issue 28), for the bench and the tests:
//   faceSets({ quick?, seed?, dir?, persons? }) → { dir, idPhotos, captures: FaceCapture[] }
//   captureVideo(capture, options?)    → a y4m for Chromium's fake camera
//   renderRecipe(recipe, t, seed)      → one frame (picture, landmarks, pose) at movement time t
// docs/decisions/face-test-material.md says how it is made and what it cannot show.
export {
  faceSets,
  faceSetsKey,
  ATTACK_SPECIES,
  type AttackSpecies,
  type FaceCapture,
  type FaceSetOptions,
  type FaceSets,
} from './sets';
export { captureVideo, type VideoOptions } from './video';
export { renderRecipe, idPhotoOf, PERSONS, type Person, type Recipe, type Rendered } from './captures';
export { MOVEMENTS, movementPose, type Movement } from './motion';
export { type Pose } from './geometry';
export { MESH } from './head';
