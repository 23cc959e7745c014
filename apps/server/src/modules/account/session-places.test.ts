import { describe, expect, it } from 'vitest';
import { LOCAL_PLACE, placeOf } from './session-places';

describe('the place of a session', () => {
  it('is "This network" for the server itself and local networks', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '172.31.255.254',
      '192.168.1.20',
      '169.254.10.1',
      '::1',
      '::ffff:192.168.1.20',
      '::ffff:127.0.0.1',
      'fd12:3456:789a::1',
      'fe80::1%eth0',
    ]) {
      expect(placeOf(address), address).toBe(LOCAL_PLACE);
    }
  });

  it('is the address for any other, an IPv6 one as its /64 network', () => {
    expect(placeOf('203.0.113.7')).toBe('203.0.113.7');
    expect(placeOf('172.32.0.1')).toBe('172.32.0.1');
    expect(placeOf('11.0.0.1')).toBe('11.0.0.1');
    expect(placeOf('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(placeOf('2001:db8:5:6:7:8:9:10')).toBe('2001:db8:5:6::/64');
  });

  it('says so when no address was recorded', () => {
    expect(placeOf('')).toBe('Unknown address');
  });
});
