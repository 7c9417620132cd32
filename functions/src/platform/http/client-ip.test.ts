import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { clientIp, clientKey, clientNetwork, isCdnAddress } from './client-ip';

const request = (headers: Record<string, string>, socket = '10.1.2.3') =>
  ({ get: (name: string) => headers[name.toLowerCase()], socket: { remoteAddress: socket } }) as unknown as Request;

describe('clientIp', () => {
  it('is the connecting address Google’s front end appended, whatever the client put before it', () => {
    expect(clientIp(request({ 'x-forwarded-for': '1.1.1.1, 203.0.113.9' }))).toBe('203.0.113.9');
  });

  it('ignores a Fastly-Client-IP sent straight to the function (not from a CDN edge)', () => {
    expect(clientIp(request({ 'x-forwarded-for': '203.0.113.9', 'fastly-client-ip': '10.9.8.7' }))).toBe('203.0.113.9');
    expect(clientIp(request({ 'x-forwarded-for': '151.101.1.1, 203.0.113.9', 'fastly-client-ip': '10.9.8.7' }))).toBe('203.0.113.9');
  });

  it('takes Fastly-Client-IP when the request came from Hosting’s CDN', () => {
    expect(clientIp(request({ 'x-forwarded-for': '198.51.100.4, 151.101.65.195', 'fastly-client-ip': '198.51.100.4' }))).toBe('198.51.100.4');
    expect(clientIp(request({ 'x-forwarded-for': '2a04:4e42:400::623', 'fastly-client-ip': '2001:db8::1' }))).toBe('2001:db8::1');
  });

  it('is the socket’s address without X-Forwarded-For (the emulators, a plain server)', () => {
    expect(clientIp(request({ 'fastly-client-ip': '10.9.8.7' }, '127.0.0.1'))).toBe('127.0.0.1');
  });
});

describe('isCdnAddress', () => {
  it('knows Fastly’s edges, in IPv4, IPv6 and IPv4-mapped form, and nothing else', () => {
    expect(isCdnAddress('151.101.1.69')).toBe(true);
    expect(isCdnAddress('::ffff:199.232.10.1')).toBe(true);
    expect(isCdnAddress('2a04:4e40::1')).toBe(true);
    expect(isCdnAddress('203.0.113.9')).toBe(false);
    expect(isCdnAddress('127.0.0.1')).toBe(false);
    expect(isCdnAddress('not an address')).toBe(false);
  });
});

describe('clientNetwork', () => {
  it('counts an IPv4 address as it is, an IPv4-mapped one as its IPv4', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const net = '2001:db8:abcd:12::/64';
    expect(clientNetwork('2001:db8:abcd:12::1')).toBe(net);
    expect(clientNetwork('2001:0db8:abcd:0012:ffff:ffff:ffff:fffe')).toBe(net);
    expect(clientNetwork('2001:DB8:ABCD:12:1:2:3:4%eth0')).toBe(net);
    expect(clientNetwork('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });

  it('is what clientKey counts a request under', () => {
    expect(clientKey(request({ 'x-forwarded-for': '2001:db8:abcd:12:aaaa::1' }))).toBe('2001:db8:abcd:12::/64');
  });
});
