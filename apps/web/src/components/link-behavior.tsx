import type { Ref } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

type LinkBehaviorProps = Omit<RouterLinkProps, 'to'> & { href: RouterLinkProps['to'] };

const EXTERNAL_URL = /^(?:[a-z][a-z\d+\-.]*:|\/\/)/i;

/**
 * MUI links and link-buttons render through this, so `href="/signup"` navigates inside the
 * app while absolute URLs stay plain anchors.
 */
export function LinkBehavior({
  href,
  ref,
  ...props
}: LinkBehaviorProps & { ref?: Ref<HTMLAnchorElement> }) {
  if (typeof href === 'string' && EXTERNAL_URL.test(href)) {
    return <a ref={ref} href={href} {...props} />;
  }
  return <RouterLink ref={ref} to={href} {...props} />;
}
