import { describe, expect, it } from 'vitest';
import {
  ALL_HOURS,
  countOn,
  isOn,
  NO_HOURS,
  setRect,
  toggleDay,
  toggleHour,
  WORKING_HOURS,
} from './dayparting';
import { editLink, readEditorState, writeEditorState } from './editorState';

describe('editor URL state', () => {
  it('starts on the campaign form and needs the parents of later steps', () => {
    expect(readEditorState('')).toEqual({
      step: 'campaign',
      campaignId: null,
      adgroupId: null,
      creativeId: null,
    });
    expect(readEditorState('?step=creatives').step).toBe('campaign');
    expect(readEditorState('?step=creatives&campaign_id=2000001').step).toBe('adgroup');
    expect(readEditorState('?step=creatives&campaign_id=2000001&adgroup_id=3000001')).toEqual({
      step: 'creatives',
      campaignId: 2000001,
      adgroupId: 3000001,
      creativeId: null,
    });
  });

  it('ignores invalid ids and steps', () => {
    expect(readEditorState('?step=x&campaign_id=abc&adgroup_id=-1')).toEqual({
      step: 'campaign',
      campaignId: null,
      adgroupId: null,
      creativeId: null,
    });
    expect(readEditorState('?campaign_id=99999999999').campaignId).toBeNull();
    // An ad group without its campaign is ignored.
    expect(readEditorState('?adgroup_id=3000001').adgroupId).toBeNull();
  });

  it('writes the next step and keeps the account in the URL', () => {
    const next = writeEditorState('?org=1&adv=2', { step: 'adgroup', campaignId: 2000005 });
    expect(new URLSearchParams(next).get('org')).toBe('1');
    expect(readEditorState(next)).toMatchObject({ step: 'adgroup', campaignId: 2000005 });
    expect(writeEditorState(next, { adgroupId: null, step: 'campaign' })).not.toContain('adgroup_id');
  });

  it('links a list row to its form without the list filters', () => {
    const link = editLink('?org=1&adv=2&status=11&q=x&page=3', { campaign_id: 2000001, adgroup_id: 3000002 });
    expect(link.startsWith('/perf/new?')).toBe(true);
    expect(link).not.toContain('status=');
    expect(readEditorState(link.slice('/perf/new'.length))).toEqual({
      step: 'adgroup',
      campaignId: 2000001,
      adgroupId: 3000002,
      creativeId: null,
    });
  });
});

describe('dayparting grid', () => {
  it('drags a rectangle on and off', () => {
    const on = setRect(NO_HOURS, { day: 2, hour: 10 }, { day: 1, hour: 8 }, true);
    expect(countOn(on)).toBe(2 * 3);
    expect(isOn(on, 1, 8)).toBe(true);
    expect(isOn(on, 2, 10)).toBe(true);
    expect(isOn(on, 3, 10)).toBe(false);
    expect(countOn(setRect(on, { day: 1, hour: 8 }, { day: 1, hour: 10 }, false))).toBe(3);
  });

  it('toggles a whole day and an hour of every day', () => {
    expect(countOn(toggleDay(NO_HOURS, 6))).toBe(24);
    expect(toggleDay(toggleDay(NO_HOURS, 6), 6)).toBe(NO_HOURS);
    const partial = setRect(NO_HOURS, { day: 0, hour: 3 }, { day: 0, hour: 3 }, true);
    expect(countOn(toggleHour(partial, 3))).toBe(7);
    expect(toggleHour(ALL_HOURS, 0).startsWith('0')).toBe(true);
  });

  it('has working hours Monday to Friday 9 to 18', () => {
    expect(countOn(WORKING_HOURS)).toBe(5 * 9);
    expect(isOn(WORKING_HOURS, 0, 9)).toBe(true);
    expect(isOn(WORKING_HOURS, 0, 18)).toBe(false);
    expect(isOn(WORKING_HOURS, 5, 12)).toBe(false);
    expect(WORKING_HOURS).toHaveLength(168);
  });
});
