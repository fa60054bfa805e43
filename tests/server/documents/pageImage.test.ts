// The page image the reader reads is the one the contract says (issue 30): the reviewer's viewer
// places the read boxes on the file by src/contract/documents/pageImage.ts, so a photo prepared at
// another size, or a PDF drawn at another resolution, would put every outline in the wrong place.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfPageSize, photoPageSize } from '../../../src/contract/documents/pageImage';
import { pdfPageImages } from '../../../src/server/services/documents/pdfPages';
import { prepareImage } from '../../../src/server/services/documents/readDocument';
import { pdf } from '../../fixtures/files/samples';

const blank = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

describe('the page image a box is measured on', () => {
  it.each([
    [3200, 1800],
    [1500, 4000],
    [900, 560],
  ])('a %i × %i photo is read at the size photoPageSize says', async (width, height) => {
    const page = await prepareImage(await blank(width, height));
    expect({ width: page.width, height: page.height }).toEqual(photoPageSize(width, height));
  });

  it('an upright photo turned by its EXIF orientation is read upright', async () => {
    // Orientation 6: stored 1200 × 800, shown (and read) turned a quarter: 800 × 1200.
    const turned = await sharp(await blank(1200, 800))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const page = await prepareImage(turned);
    expect({ width: page.width, height: page.height }).toEqual(photoPageSize(800, 1200));
  });

  it('a PDF page is drawn at the size pdfPageSize says (the sample is 200 × 100 points)', async () => {
    const [page] = await pdfPageImages(pdf());
    expect({ width: page!.width, height: page!.height }).toEqual(pdfPageSize(200, 100));
  });
});
