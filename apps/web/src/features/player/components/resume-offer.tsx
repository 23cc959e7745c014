import { songTitle } from '@/components/song-card';
import { formatDuration } from '@/lib/format';
import { dismissResumeOffer, resumeFromBookmark, useResumeOffer } from '@/lib/player/bookmark-sync';
import { OfferBanner } from './offer-banner';

/**
 * "Resume <title> at 12:34": a long track started from the top where the listener had stopped
 * part-way. Until they answer it or the track moves past that place.
 */
export function ResumeOffer() {
  const offer = useResumeOffer((state) => state.offer);
  return (
    <OfferBanner
      open={offer !== null}
      accept={{ label: 'Resume', onClick: resumeFromBookmark }}
      decline={{ label: 'Start over', onClick: dismissResumeOffer }}
    >
      {offer && `Resume ${songTitle(offer.song)} at ${formatDuration(offer.positionMs / 1000)}`}
    </OfferBanner>
  );
}
