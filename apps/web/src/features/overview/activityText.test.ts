import type { TActivity } from '@scaler/domain';
import { describe, expect, test } from 'vitest';
import { describeActivity, type Translate } from './activityText';

/** Renders the key and the params it was given, so a test sees what the sentence would contain. */
const t: Translate = (key, params) => {
  if (key.startsWith('common:org_role.')) return key.endsWith('org_admin') ? 'Admin' : 'Standard';
  if (key === 'overview:someone.member') return 'a member';
  if (!params) return key;
  const shown = Object.entries(params)
    .filter(([k]) =>
      [
        'email',
        'role',
        'from',
        'to',
        'member',
        'account',
        'partner',
        'count',
        'ratio',
        'action',
        'type',
      ].includes(k),
    )
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  return `${key} ${shown}`;
};

const entry = (extra: Partial<TActivity>): TActivity => ({
  id: 1,
  actor_email: 'admin@demo.test',
  action: 'member.invite',
  object_type: 'invitation',
  object_id: '7',
  object_label: null,
  before: null,
  after: null,
  time: '2026-05-01T00:00:00Z',
  ...extra,
});

describe('describeActivity', () => {
  test('an invitation names the address and the role', () => {
    const { text } = describeActivity(
      entry({ after: { email: 'new@x.com', org_role: 'org_user', advs: [] } }),
      t,
    );
    expect(text).toContain('overview:action.member.invite');
    expect(text).toContain('email=new@x.com');
    expect(text).toContain('role=Standard');
  });
  test('a role change reads from and to, the member named by the entry', () => {
    const { text } = describeActivity(
      entry({
        action: 'member.role',
        object_type: 'member',
        object_id: 'u1',
        object_label: 'Sam Standard (user@demo.test)',
        before: { org_role: 'org_user' },
        after: { org_role: 'org_admin' },
      }),
      t,
    );
    expect(text).toContain('from=Standard');
    expect(text).toContain('to=Admin');
    expect(text).toContain('member=Sam Standard (user@demo.test)');
  });
  test('an unknown member falls back to a neutral word', () => {
    const { text } = describeActivity(
      entry({ action: 'member.remove', object_type: 'member', object_id: 'u9' }),
      t,
    );
    expect(text).toContain('member=a member');
  });
  test('an invitation without a snapshot is named by its label', () => {
    const { text } = describeActivity(
      entry({ action: 'member.invite_resend', object_label: 'new@x.com' }),
      t,
    );
    expect(text).toContain('email=new@x.com');
  });
  test('accounts and partners are named from the snapshot, then the label, else by id', () => {
    expect(
      describeActivity(
        entry({ action: 'account.close', object_id: '1000001', after: { adv_name: 'Shoes' } }),
        t,
      ).text,
    ).toContain('account=Shoes (1000001)');
    expect(describeActivity(entry({ action: 'partner.remove', object_id: '100002' }), t).text).toContain(
      'partner=#100002',
    );
    const share = describeActivity(
      entry({
        action: 'partner.share',
        object_id: '100002',
        object_label: 'Bluebird',
        after: { advs: [{}, {}] },
      }),
      t,
    ).text;
    expect(share).toContain('count=2');
    expect(share).toContain('partner=Bluebird (100002)');
    expect(
      describeActivity(entry({ action: 'account.close', object_id: '1000002', object_label: 'Games' }), t)
        .text,
    ).toContain('account=Games (1000002)');
  });
  test('markup ratios read as percentages', () => {
    const { text } = describeActivity(entry({ action: 'account.markup', after: { ratio: 0.125 } }), t);
    expect(text).toContain('ratio=12.5%');
  });
  test('review decisions carry the reason', () => {
    const result = describeActivity(
      entry({
        action: 'review.account_2',
        object_type: 'advertiser',
        after: { status: 2, reason: 'Blurry licence' },
      }),
      t,
    );
    expect(result.text).toContain('overview:action.review.account_2');
    expect(result.reason).toBe('Blurry licence');
  });
  test('an action the console does not know reads generically', () => {
    const { text } = describeActivity(entry({ action: 'thing.happen', object_type: 'widget' }), t);
    expect(text).toContain('overview:action.unknown');
    expect(text).toContain('action=thing.happen');
  });
});

test('asset actions read as sentences with the asset name', () => {
  const t = (key: string, params?: Record<string, unknown>) => `${key}|${params?.asset ?? ''}`;
  const entry = {
    action: 'pixel.delete',
    object_type: 'pixel',
    object_id: 'abc',
    before: { name: 'Shop' },
    after: null,
  } as unknown as Parameters<typeof describeActivity>[0];
  expect(describeActivity(entry, t).text).toBe('overview:action.pixel.delete|Shop (abc)');
  expect(describeActivity({ ...entry, action: 'pixel.reset', before: null }, t).text).toBe(
    'overview:action.pixel.reset|#abc',
  );
});

test('partner requests read as sentences naming the other center, on both sides', () => {
  for (const action of ['partner.request', 'partner.request_received', 'partner.request_accepted']) {
    const { text } = describeActivity(
      entry({
        action,
        object_type: 'partner',
        object_id: '100006',
        after: { request_id: 3, org_name: 'Lakeside' },
      }),
      t,
    );
    expect(text).toContain(`overview:action.${action} `);
    expect(text).toContain('partner=Lakeside (100006)');
  }
});
