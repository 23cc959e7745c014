import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useSetTimeZone, useTimeZone } from '@/api/listening-stats/time-zone';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';

/** The time zone this browser runs in, e.g. Europe/Paris. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Which time zone decides the listener's days. A listener who never set one gets this browser's,
 * once, without asking; one who chose another is offered this browser's with a button.
 */
export function TimeZoneLine() {
  const setting = useTimeZone();
  const { mutate: setTimeZone, isPending } = useSetTimeZone();
  const toast = useToast();
  const browser = browserTimeZone();
  const autoSet = useRef(false);

  useEffect(() => {
    if (!setting.data || setting.data.chosen || autoSet.current) return;
    autoSet.current = true;
    setTimeZone(browser);
  }, [setting.data, setTimeZone, browser]);

  if (!setting.data) return null;
  const { timeZone, chosen } = setting.data;
  const switchToBrowser = () =>
    setTimeZone(browser, {
      onSuccess: () => toast.success(`Days now follow ${browser} time`),
      onError: (error) => toast.error(errorMessage(error, 'The time zone could not be changed')),
    });
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}
    >
      <Typography component="span" sx={{ color: 'text.secondary' }}>
        Days follow {timeZone} time
      </Typography>
      {chosen && timeZone !== browser && (
        <Button size="small" disabled={isPending} onClick={switchToBrowser}>
          Use {browser}
        </Button>
      )}
    </Box>
  );
}
