import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { PageSection } from '@/components/page-heading';
import { LikedAlbumsPanel } from './liked-albums-panel';
import { LikedArtistsPanel } from './liked-artists-panel';
import { LikedSongsPanel } from './liked-songs-panel';

const TABS = [
  { key: 'songs', label: 'Songs', title: 'Liked Songs', panel: LikedSongsPanel },
  { key: 'albums', label: 'Albums', title: 'Liked Albums', panel: LikedAlbumsPanel },
  { key: 'artists', label: 'Artists', title: 'Liked Artists', panel: LikedArtistsPanel },
] as const;

type TabKey = (typeof TABS)[number]['key'];

function tabOf(value: string | null): TabKey {
  return TABS.find((tab) => tab.key === value)?.key ?? 'songs';
}

/**
 * /library/liked: what the listener liked, a tab each for songs, albums and artists. The open tab
 * lives in the address (?tab=albums); Songs, the first, has none.
 */
export function LikedSongsPage() {
  const [params, setParams] = useSearchParams();
  const current = tabOf(params.get('tab'));
  const active = TABS.find((tab) => tab.key === current) ?? TABS[0];
  const Panel = active.panel;

  return (
    <PageSection label={active.title}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 2, md: 3 } }}>
        <Tabs
          value={current}
          onChange={(_event, key: TabKey) =>
            setParams(key === 'songs' ? {} : { tab: key }, { replace: true })
          }
          aria-label="Liked"
        >
          {TABS.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              label={tab.label}
              id={`liked-tab-${tab.key}`}
              // Only the open tab's panel is rendered.
              aria-controls={tab.key === current ? `liked-panel-${tab.key}` : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`liked-panel-${current}`} aria-labelledby={`liked-tab-${current}`}>
        <Panel />
      </Box>
    </PageSection>
  );
}
