import type { YearInMusic } from '@cadenza/contract/listening-stats';
import { saveBlob } from '@/lib/save-blob';
import { paintRecap, RECAP_HEIGHT, RECAP_WIDTH, recapDrawing } from './recap-image';

export function recapFileName(year: number): string {
  return `cadenza-${year}-in-music.png`;
}

/** Paints the recap on a canvas of its own and saves it as a PNG. */
export async function saveRecapImage(recap: YearInMusic): Promise<void> {
  const canvas = document.createElement('canvas');
  canvas.width = RECAP_WIDTH;
  canvas.height = RECAP_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw pictures.');
  paintRecap(context, recapDrawing(recap));
  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))),
      'image/png',
    ),
  );
  saveBlob(png, recapFileName(recap.year));
}
