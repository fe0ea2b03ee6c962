import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, maskPersonalData } from '../../lib/logger.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('maskPersonalData', () => {
  it('keeps only the first three and last two digits of a phone number in international form', () => {
    expect(maskPersonalData('sent to +971501234567')).toBe('sent to +971*******67');
  });

  it('masks a phone number written with spaces or dashes', () => {
    expect(maskPersonalData('call +971 50-123 4567')).not.toMatch(/123/);
  });

  it('keeps only the first letter and the domain of an e-mail address', () => {
    expect(maskPersonalData('"email":"john.doe@example.com"')).toBe('"email":"j***@example.com"');
  });

  it('leaves timestamps, ids, durations and plain numbers alone', () => {
    const line =
      '{"time":"2026-11-23T10:31:05.123Z","requestId":"c8a4b2e0-1f3b-4c1a-9d2e-123456789012","id":"cm3abc123def456","durationMs":1234567,"at":1732354265123}';

    expect(maskPersonalData(line)).toBe(line);
  });
});

describe('log', () => {
  it('never writes a customer phone number or e-mail in full, whichever field carries it', () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));

    log.info('message sent', { to: '+971501234567', customer: { email: 'mina@gulfmotors.example' } });
    log.warn('provider refused', { errorMessage: 'Message undeliverable to +971509999999' });

    const output = written.join('');
    expect(output).not.toContain('+971501234567');
    expect(output).not.toContain('+971509999999');
    expect(output).not.toContain('mina@gulfmotors.example');
    expect(output).toContain('m***@gulfmotors.example');
  });
});
