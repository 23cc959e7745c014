import type { Page } from 'playwright-core';

/**
 * Plays `src` in a muted audio element of its own on `page` until it has played more than
 * `seconds`; throws the element's media error if it fails, or on the timeout. Answers where it
 * got to.
 */
export async function playUntil(page: Page, src: string, seconds = 1): Promise<number> {
  await page.evaluate(async (url) => {
    const audio = document.createElement('audio');
    audio.id = 'probe';
    audio.src = url;
    audio.muted = true;
    document.body.append(audio);
    await audio.play();
  }, src);
  await page.waitForFunction(
    (least) => {
      const audio = document.querySelector<HTMLAudioElement>('#probe');
      if (audio?.error) throw new Error(`media error ${audio.error.code}`);
      return (audio?.currentTime ?? 0) > least;
    },
    seconds,
    { timeout: 20_000 },
  );
  return page.$eval('#probe', (audio) => (audio as HTMLAudioElement).currentTime);
}
