import { CAMPAIGN_STATUSES, STATUS_LABELS } from '../model/campaignModel';

/** A campaign's statuses as a select's options, each named in Italian. */
export function StatusOptions() {
  return CAMPAIGN_STATUSES.map((s) => (
    <option key={s} value={s}>
      {STATUS_LABELS[s]}
    </option>
  ));
}
