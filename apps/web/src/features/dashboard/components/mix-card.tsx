import RadioIcon from '@mui/icons-material/Radio';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { Mix } from '@cadenza/contract/radio';
import { cardButtonSx, cardSurfaceSx } from '@/components/card-styles';

/** A mix on Home: a cover from one of its songs under the station's colours; a click plays it. */
export function MixCard({ mix, onPlay }: { mix: Mix; onPlay: (mix: Mix) => void }) {
  return (
    <Card component="article" aria-label={mix.title} elevation={0} sx={cardSurfaceSx}>
      <ButtonBase onClick={() => onPlay(mix)} aria-label={`Play ${mix.title}`} sx={cardButtonSx}>
        <Box
          sx={{
            position: 'relative',
            aspectRatio: '1',
            borderRadius: 1.5,
            overflow: 'hidden',
            boxShadow: 4,
            mb: 1.25,
            background: 'linear-gradient(135deg, #a78bfa 0%, #f472b6 100%)',
          }}
        >
          {mix.coverUrl && (
            <Box
              component="img"
              src={mix.coverUrl}
              alt=""
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', opacity: 0.55 }}
            />
          )}
          <RadioIcon
            aria-hidden
            sx={{ position: 'absolute', left: 10, bottom: 10, fontSize: 28, color: '#fff' }}
          />
        </Box>
        <Typography
          component="h3"
          variant="subtitle1"
          noWrap
          title={mix.title}
          sx={{ fontWeight: 700 }}
        >
          {mix.title}
        </Typography>
        <Typography variant="body2" noWrap title={mix.description} sx={{ color: 'text.secondary' }}>
          {mix.description}
        </Typography>
      </ButtonBase>
    </Card>
  );
}
