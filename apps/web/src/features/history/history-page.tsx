import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { PageSection } from '@/components/page-heading';
import { HistoryImportPanel } from './history-import-panel';
import { HistoryPlaysPanel } from './history-plays-panel';
import { UnmatchedListensPanel } from './unmatched-listens-panel';

const TABS = [
  { key: 'plays', label: 'Plays', panel: HistoryPlaysPanel },
  { key: 'import', label: 'Bring your history', panel: HistoryImportPanel },
  { key: 'unmatched', label: 'Unmatched', panel: UnmatchedListensPanel },
] as const;

type TabKey = (typeof TABS)[number]['key'];

function tabOf(value: string | null): TabKey {
  return TABS.find((tab) => tab.key === value)?.key ?? 'plays';
}

/**
 * /user/history: every play of the listener (Plays), histories brought from Spotify,
 * ListenBrainz and Last.fm (Bring your history) and the listens of those no song matched
 * (Unmatched). The open tab lives in the address (?tab=import); Plays, the first, has none.
 */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const current = tabOf(params.get('tab'));
  const Panel = (TABS.find((tab) => tab.key === current) ?? TABS[0]).panel;
  return (
    <PageSection label="Listening History">
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 2, md: 3 } }}>
        <Tabs
          value={current}
          onChange={(_event, key: TabKey) =>
            setParams(key === 'plays' ? {} : { tab: key }, { replace: true })
          }
          aria-label="Listening history"
        >
          {TABS.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              label={tab.label}
              id={`history-tab-${tab.key}`}
              aria-controls={tab.key === current ? `history-panel-${tab.key}` : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`history-panel-${current}`}
        aria-labelledby={`history-tab-${current}`}
      >
        <Panel />
      </Box>
    </PageSection>
  );
}
