import { describe, expect, it } from 'vitest';
import { formatFinishTime, parseFinishTime } from './finish-time.ts';

describe('finish times as timers write them', () => {
  it('reads h:mm:ss, mm:ss and seconds, with decimals', () => {
    expect(parseFinishTime('1:02:09')).toBe((3600 + 129) * 1000);
    expect(parseFinishTime('52:14')).toBe((52 * 60 + 14) * 1000);
    expect(parseFinishTime(' 52:14.3 ')).toBe((52 * 60 + 14) * 1000 + 300);
    expect(parseFinishTime('3134')).toBe(3134 * 1000);
    expect(parseFinishTime('3134,5')).toBe(3134500);
    expect(parseFinishTime('0:52:14')).toBe((52 * 60 + 14) * 1000);
  });

  it('refuses what is no time, or an impossible one', () => {
    for (const wrong of [
      '',
      'DNF',
      '52:60',
      '1:75:00',
      '0',
      '00:00',
      '-5',
      '24:00:00',
      '1:2:3:4',
      '12.5.5',
      'abc',
    ])
      expect(parseFinishTime(wrong), wrong).toBeUndefined();
  });

  it('shows minutes under an hour, hours over, tenths only when there are some', () => {
    expect(formatFinishTime((52 * 60 + 14) * 1000)).toBe('52:14');
    expect(formatFinishTime((3600 + 129) * 1000)).toBe('1:02:09');
    expect(formatFinishTime((52 * 60 + 14) * 1000 + 300)).toBe('52:14.3');
    expect(formatFinishTime(59_960)).toBe('1:00');
  });
});
