import type { PublicSong } from '@cadenza/contract/songs';
import { Navigate, useNavigate } from 'react-router';
import { usePublicConfig } from '@/api/config/get-public-config';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { fetchFreshSongs } from '@/lib/player/fresh-songs';
import { usePlayer } from '@/lib/player/player-store';
import { CommunitySection } from './components/community-section';
import { HeroSection } from './components/hero-section';
import { LatestMusicSection } from './components/latest-music-section';
import { SignupCta } from './components/signup-cta';
import { WhySection } from './components/why-section';

/**
 * Plain CSS (components/*.module.css): the landing page paints without MUI. A private site has
 * none: `/` leads to the login page.
 */
export function LandingPage() {
  const { config } = usePublicConfig();
  if (config.siteMode === 'private') return <Navigate to="/login" replace />;
  return <PublicLandingPage />;
}

function PublicLandingPage() {
  const navigate = useNavigate();
  const isLoggedIn = useAuthStore(selectIsLoggedIn);

  // docs/product.md §10.6: a visitor logs in first; a listener hears the song right here. The public
  // list carries no audio URLs (they would play without a login): the listener's own copies do.
  const handlePlay = async (song: PublicSong, songs: PublicSong[]) => {
    if (!isLoggedIn) {
      void navigate('/login');
      return;
    }
    try {
      const playable = new Map(
        (await fetchFreshSongs(songs.map((item) => item._id))).map((item) => [item._id, item]),
      );
      const chosen = playable.get(song._id);
      if (!chosen) {
        console.debug('The song is no longer in the library', song._id);
        return;
      }
      const queue = songs.flatMap((item) => playable.get(item._id) ?? []);
      usePlayer.getState().playFrom(chosen, queue);
    } catch (error) {
      console.debug('Could not load the song to play', error);
    }
  };

  return (
    <div>
      <title>Cadenza · Music for every moment</title>
      <HeroSection />
      <LatestMusicSection onPlay={(song, songs) => void handlePlay(song, songs)} />
      <CommunitySection />
      <WhySection />
      <SignupCta />
    </div>
  );
}
