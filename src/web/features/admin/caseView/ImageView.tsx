// An image document at the zoom and rotation the viewer's controls set. "Fit" (zoom 1, no rotation)
// shows the whole image inside the pane; a larger zoom scrolls inside the pane, not the page. The
// outlines of where values were read (issue 30) lie on a layer the image's size, in the same grid
// cell and turned by the same transform, so they stay on the image at any zoom and rotation.
import { Box } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { photoPageSize } from '../../../../contract/documents/pageImage';
import { ReadOutlines, type ReadOutline } from '../../documents/ReadOutlines';

interface Shown {
  width: number;
  height: number;
  naturalWidth: number;
  naturalHeight: number;
}

/** The image's laid-out and natural size (natural: upright, as the browser applies EXIF orientation). */
function useShownSize(image: RefObject<HTMLImageElement | null>, url: string): [Shown | null, () => void] {
  const [shown, setShown] = useState<Shown | null>(null);
  const measure = useCallback(() => {
    const img = image.current;
    if (!img || !img.complete || img.naturalWidth === 0) return;
    setShown({
      width: img.offsetWidth,
      height: img.offsetHeight,
      naturalWidth: img.naturalWidth,
      naturalHeight: img.naturalHeight,
    });
  }, [image]);
  useEffect(() => {
    const img = image.current;
    if (!img || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(img);
    return () => observer.disconnect();
  }, [url, image, measure]);
  return [shown, measure];
}

export function ImageView({
  url,
  alt,
  zoom,
  rotation,
  outlines = [],
}: {
  url: string;
  alt: string;
  zoom: number;
  rotation: number;
  /** Where values were read on this image (its page 0). */
  outlines?: readonly ReadOutline[];
}) {
  const quarterTurn = rotation % 180 !== 0;
  const image = useRef<HTMLImageElement>(null);
  const [shown, measure] = useShownSize(image, url);
  const transform = `rotate(${rotation}deg)${zoom < 1 ? ` scale(${zoom})` : ''}`;
  const onPage = outlines.filter((o) => o.page === 0);
  return (
    <Box
      tabIndex={0}
      role="group"
      aria-label={alt}
      style={{
        overflow: 'auto',
        height: '100%',
        display: 'grid',
        placeItems: zoom <= 1 ? 'center' : 'start',
      }}
    >
      <img
        ref={image}
        alt={alt}
        src={url}
        data-zoom={zoom}
        data-rotation={rotation}
        onLoad={measure}
        style={{
          gridArea: '1 / 1',
          // At fit the image never exceeds the pane; turned a quarter, its height is the pane's width.
          maxWidth: zoom <= 1 ? (quarterTurn ? '70%' : '100%') : 'none',
          maxHeight: zoom <= 1 ? '100%' : 'none',
          width: zoom > 1 ? `${zoom * 100}%` : undefined,
          transform,
          transformOrigin: 'center',
          transition: 'transform 120ms ease-out',
          objectFit: 'contain',
        }}
      />
      {shown && onPage.length > 0 ? (
        <div
          style={{
            gridArea: '1 / 1',
            position: 'relative',
            width: shown.width,
            height: shown.height,
            transform,
            transformOrigin: 'center',
            transition: 'transform 120ms ease-out',
            pointerEvents: 'none',
          }}
        >
          <ReadOutlines outlines={onPage} page={photoPageSize(shown.naturalWidth, shown.naturalHeight)} />
        </div>
      ) : null}
    </Box>
  );
}
