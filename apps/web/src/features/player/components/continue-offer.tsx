import { continueQueue, dismissQueueOffer, songsFromCurrent } from '@/lib/player/queue-sync';
import { useQueueOffer } from '@/lib/player/queue-offer';
import { songTitle } from '@/components/song-card';
import { OfferBanner } from './offer-banner';

/** "Continue from <device>": another browser or app saved a queue after this browser's. */
export function ContinueOffer() {
  const offer = useQueueOffer((state) => state.offer);
  const current = offer ? songsFromCurrent(offer)[0] : undefined;
  return (
    <OfferBanner
      open={offer !== null}
      accept={{ label: 'Continue', onClick: () => offer && continueQueue(offer) }}
      decline={{ label: 'Dismiss', onClick: dismissQueueOffer }}
    >
      {offer && `Continue from ${offer.changedBy}`}
      {current && ` — ${songTitle(current)}`}
    </OfferBanner>
  );
}
