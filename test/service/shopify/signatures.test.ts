import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { proxyMessage, proxySignatureValid, webhookSignatureValid } from '../../../src/service/shopify/signatures.ts';

describe('Shopify signatures', () => {
  it('accepts the app-proxy example of Shopify’s docs (secret "hush") and refuses it changed', () => {
    const query =
      'extra=1&extra=2&shop=shop-name.myshopify.com&path_prefix=%2Fapps%2Fawesome_reviews&timestamp=1317327555&signature=a9718877bea71c2484f91608a7eaea1532bdf71f5c56825065fa4ccabe549ef3';
    const params = new URLSearchParams(query);
    expect(proxyMessage(params)).toBe(
      'extra=1,2path_prefix=/apps/awesome_reviewsshop=shop-name.myshopify.comtimestamp=1317327555',
    );
    expect(proxySignatureValid(params, 'hush')).toBe(true);
    expect(proxySignatureValid(params, 'hush!')).toBe(false);
    params.set('timestamp', '1317327556');
    expect(proxySignatureValid(params, 'hush')).toBe(false);
  });

  it('sorts the joined name=value strings, not the names, when one name is a prefix of another (a1=… before a=…)', () => {
    // Shopify's Ruby: params.map { |k, v| "#{k}=#{Array(v).join(',')}" }.sort.join
    const params = new URLSearchParams('a=2&a1=1&shop=s.myshopify.com&a=3&timestamp=1');
    expect(proxyMessage(params)).toBe('a1=1a=2,3shop=s.myshopify.comtimestamp=1');
    const signed = new URLSearchParams(params);
    signed.set(
      'signature',
      createHmac('sha256', 'hush').update('a1=1a=2,3shop=s.myshopify.comtimestamp=1').digest('hex'),
    );
    expect(proxySignatureValid(signed, 'hush')).toBe(true);
  });

  it('accepts a webhook HMAC computed independently (openssl dgst -sha256 -hmac hush -binary | base64) and refuses others', () => {
    const body = new TextEncoder().encode('{"id":820982911946154508,"name":"#9999"}');
    expect(webhookSignatureValid(body, 'YBwnJ9vsibq7srObgXybmGHWuwos+jDEL//7749XS78=', 'hush')).toBe(true);
    expect(webhookSignatureValid(body, 'YBwnJ9vsibq7srObgXybmGHWuwos+jDEL//7749XS78=', 'other')).toBe(false);
    expect(
      webhookSignatureValid(
        new TextEncoder().encode('{"id":820982911946154508,"name":"#9998"}'),
        'YBwnJ9vsibq7srObgXybmGHWuwos+jDEL//7749XS78=',
        'hush',
      ),
    ).toBe(false);
    for (const bad of [undefined, '', 'not base64!', 'YQ=='])
      expect(webhookSignatureValid(body, bad, 'hush')).toBe(false);
  });
});
