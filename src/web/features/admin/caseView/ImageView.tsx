// An image document at the zoom and rotation the viewer's controls set. "Fit" (zoom 1, no rotation)
// shows the whole image inside the pane; a larger zoom scrolls inside the pane, not the page.
import { Box } from '@mantine/core';

export function ImageView({
  url,
  alt,
  zoom,
  rotation,
}: {
  url: string;
  alt: string;
  zoom: number;
  rotation: number;
}) {
  const quarterTurn = rotation % 180 !== 0;
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
        alt={alt}
        src={url}
        data-zoom={zoom}
        data-rotation={rotation}
        style={{
          // At fit the image never exceeds the pane; turned a quarter, its height is the pane's width.
          maxWidth: zoom <= 1 ? (quarterTurn ? '70%' : '100%') : 'none',
          maxHeight: zoom <= 1 ? '100%' : 'none',
          width: zoom > 1 ? `${zoom * 100}%` : undefined,
          transform: `rotate(${rotation}deg)${zoom < 1 ? ` scale(${zoom})` : ''}`,
          transformOrigin: 'center',
          transition: 'transform 120ms ease-out',
          objectFit: 'contain',
        }}
      />
    </Box>
  );
}
