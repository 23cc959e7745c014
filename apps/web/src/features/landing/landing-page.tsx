import type { Song } from '@cadenza/contract/songs';
import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { usePlayer } from '@/lib/player/player-store';
import { CommunitySection } from './components/community-section';
import { HeroSection } from './components/hero-section';
import { LatestMusicSection } from './components/latest-music-section';
import { SignupCta } from './components/signup-cta';
import { WhySection } from './components/why-section';

export function LandingPage() {
  const navigate = useNavigate();
  const isLoggedIn = useAuthStore(selectIsLoggedIn);

  // DESIGN.md §10.6: a visitor logs in first; a listener hears the song right here.
  const handlePlay = (song: Song, songs: Song[]) => {
    if (!isLoggedIn) {
      void navigate('/login');
      return;
    }
    usePlayer.getState().playFrom(song, songs);
  };

  return (
    <Box>
      <title>Cadenza · Music for every moment</title>
      <HeroSection />
      <LatestMusicSection onPlay={handlePlay} />
      <CommunitySection />
      <WhySection />
      <SignupCta />
    </Box>
  );
}
