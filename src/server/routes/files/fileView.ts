// What the API says about a stored file: never its storage key, never the path.
import type { StoredFile } from '../../db/schema/files';

export interface FileView {
  id: string;
  kind: string;
  contentType: string;
  size: number;
  originalName: string;
}

export interface FileMetaView extends FileView {
  sha256: string;
  createdAt: string;
}

export function fileView(file: StoredFile): FileView {
  return {
    id: file.id,
    kind: file.kind,
    contentType: file.contentType,
    size: file.size,
    originalName: file.originalName,
  };
}

export function fileMetaView(file: StoredFile): FileMetaView {
  return { ...fileView(file), sha256: file.sha256, createdAt: file.createdAt.toISOString() };
}
