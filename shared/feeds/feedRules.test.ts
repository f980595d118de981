import { describe, expect, it } from 'vitest';
import {
  feedFileName,
  feedRuleProblems,
  filenameValid,
  portAfterProtocolChange,
  portValid,
  sitcFilenameFor,
  timeOfDay,
  TIMESLOTS,
  timeslotValid,
} from './feedRules';

// 002 §3, §4, §5, §9: the rules the feed page shows as the user types and the server enforces.
describe('feed rules', () => {
  it('offers a slot every 30 minutes from 00:00 to 23:30, shown as a time of day', () => {
    expect(TIMESLOTS).toHaveLength(48);
    expect([TIMESLOTS[0], TIMESLOTS[1], TIMESLOTS.at(-1)]).toEqual([0, 30, 1410]);
    expect(TIMESLOTS.map(timeOfDay).slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(timeOfDay(1260)).toBe('21:00');
    expect(timeOfDay(1410)).toBe('23:30');
    for (const slot of [0, 30, 1410]) expect(timeslotValid(slot)).toBe(true);
    for (const slot of [null, undefined, -30, 45, 1440, 60.5]) expect(timeslotValid(slot)).toBe(false);
  });

  it('refuses file names starting ".." or holding " * / : < > ? \\ |, and takes an empty one', () => {
    for (const name of ['prices.csv', 'stock-YYYYMMDDHHmmss.csv', 'a..b.csv', '.hidden.csv', '', null, undefined])
      expect(filenameValid(name), String(name)).toBe(true);
    for (const name of ['../up.csv', '..csv', 'a"b', 'a*b', 'dir/file.csv', 'c:file', 'a<b', 'a>b', 'why?.csv', 'back\\slash', 'pipe|d'])
      expect(filenameValid(name), name).toBe(false);
  });

  it('moves the port with the protocol unless the user typed their own', () => {
    expect(portAfterProtocolChange(21, 'FTP', 'SFTP')).toBe(22);
    expect(portAfterProtocolChange(22, 'SFTP', 'FTPS')).toBe(990);
    expect(portAfterProtocolChange(990, 'FTPS', 'FTP')).toBe(21);
    expect(portAfterProtocolChange(2222, 'SFTP', 'FTPS')).toBe(2222);
    // The port of another protocol is one the user typed (an FTP server on 22): it stays.
    expect(portAfterProtocolChange(22, 'FTP', 'FTPS')).toBe(22);
    // Nothing usable typed: the new protocol's own.
    expect(portAfterProtocolChange(null, 'FTP', 'SFTP')).toBe(22);
    expect(portAfterProtocolChange(1, 'FTP', 'SFTP')).toBe(22);
    expect([portValid(2), portValid(65535), portValid(1), portValid(65536), portValid(21.5), portValid(null)]).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it("names files by the filename's timestamp in the given zone, the default, or SITC's own", () => {
    const instant = Date.UTC(2026, 10, 28, 21, 5, 9);
    expect(feedFileName({ delivery_method: 'EMAIL', filename: null, sitc_filename: null }, instant, 'Europe/London')).toBe(
      '20261128210509 - Hub Feed.csv',
    );
    expect(feedFileName({ delivery_method: 'FTP', filename: '  ', sitc_filename: null }, instant, 'Asia/Tokyo')).toBe(
      '20261129060509 - Hub Feed.csv',
    );
    expect(
      feedFileName({ delivery_method: 'FTP', filename: 'a-YYYYMMDDHHmmss-b-YYYYMMDDHHmmss.csv', sitc_filename: null }, instant, 'UTC'),
    ).toBe('a-20261128210509-b-20261128210509.csv');
    expect(feedFileName({ delivery_method: 'SITC', filename: 'ignored.csv', sitc_filename: 'reseller.csv' }, instant, 'UTC')).toBe(
      'reseller.csv',
    );
    expect(sitcFilenameFor('Reseller Partners UK Ltd')).toBe('reseller partners uk ltd.csv');
  });

  it('lists every broken save rule with the field to show it on, the first being what the server answers', () => {
    const none = { password: false, namesSitcFile: false };
    expect(feedRuleProblems({ timeslot: 60, delivery_method: 'EMAIL', delivery_email: 'a@b.example' }, none)).toEqual([]);
    expect(feedRuleProblems({ timeslot: null, delivery_method: 'EMAIL', filename: '../x', delivery_email: ' ' }, none)).toEqual([
      { field: 'timeslot', code: 'feed_invalid_timeslot' },
      { field: 'filename', code: 'feed_invalid_filename' },
      { field: 'delivery_email', code: 'feed_delivery_incomplete' },
    ]);
    expect(feedRuleProblems({ timeslot: 0, delivery_method: 'FTP', delivery_user: 'u' }, none).map((problem) => problem.field)).toEqual([
      'delivery_server',
      'delivery_password',
    ]);
    expect(
      feedRuleProblems({ timeslot: 0, delivery_method: 'FTP', delivery_user: 'u', delivery_server: 'h' }, { ...none, password: true }),
    ).toEqual([]);
    // SITC: no filename rule, and a SITC filename only from those who give one.
    expect(feedRuleProblems({ timeslot: 0, delivery_method: 'SITC', filename: '../x', sitc_filename: '' }, none)).toEqual([]);
    expect(feedRuleProblems({ timeslot: 0, delivery_method: 'SITC', sitc_filename: '' }, { ...none, namesSitcFile: true })).toEqual([
      { field: 'sitc_filename', code: 'feed_delivery_incomplete' },
    ]);
  });
});
