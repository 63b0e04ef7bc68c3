// Which Tracking outputs read each container attribute: a hostile value in one attribute may
// change only these outputs (test/core/odd-records.property.test.ts through the row outputs,
// test/addon/tracking-sheet/odd-records.test.ts through a whole refresh). One map for both; an
// output listed here is allowed to change, so an entry errs on the side of what may read it.

export const OUTPUTS_OF: Readonly<Record<string, readonly string[]>> = {
  // The status also says whether the box went inland by rail (its place, deadline, readiness).
  current_status: ['Status', 'Attention', 'Ready', 'LFD', 'LFD Source', 'Terminal'],
  available_for_pickup: ['Ready', 'Attention'],
  holds_at_pod_terminal: ['Ready', 'Holds', 'Attention'],
  fees_at_pod_terminal: ['Fees'],
  pickup_lfd: ['LFD', 'LFD Source', 'Attention'],
  import_deadlines: ['LFD', 'LFD Source', 'Attention'],
  // Facility times are read in the POD's zone.
  pod_timezone: ['LFD', 'Attention', 'Appointment', 'Picked Up', 'Empty Returned', 'Last Checked'],
  final_destination_timezone: ['LFD', 'Attention', 'Picked Up'],
  pickup_appointment_at: ['Appointment'],
  pod_full_out_at: ['Picked Up', 'Attention'],
  // An inland move's full-out: Picked Up when there is no POD full-out, and the box has left.
  final_destination_full_out_at: ['Picked Up', 'Attention', 'LFD', 'LFD Source', 'Terminal'],
  // A rail leg under way or done: the box is picked up inland (core/terminal-state.ts), so its
  // place, deadline and readiness are the inland facility's.
  pod_rail_loaded_at: ['Attention', 'Ready', 'LFD', 'LFD Source', 'Terminal'],
  pod_rail_departed_at: ['Attention', 'Ready', 'LFD', 'LFD Source', 'Terminal'],
  ind_rail_unloaded_at: ['Attention', 'Ready', 'LFD', 'LFD Source', 'Terminal'],
  empty_terminated_at: ['Empty Returned', 'Attention'],
  empty_terminated_timezone: ['Empty Returned'],
  // Data older than a day is said in Attention.
  terminal_checked_at: ['Last Checked', 'Attention'],
  ref_numbers: ['Ref Numbers'], // kept in step with the service (ref-sync.ts)
  created_at: [],
};
