// The QR code of a link, drawn as SVG by the `qrcode` package (no canvas needed).
import { Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

const SIZE = 200;

export function QrCodeImage({ link, label }: { link: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setSvg(null);
    QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((text) => current && setSvg(text))
      .catch(() => current && setSvg(null));
    return () => {
      current = false;
    };
  }, [link]);
  if (!svg) return <Skeleton width={SIZE} height={SIZE} aria-label={label} />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={SIZE}
      height={SIZE}
      alt={label}
      data-link={link}
    />
  );
}
