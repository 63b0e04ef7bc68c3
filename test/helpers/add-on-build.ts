// Jest's "add-on build" project (package.json): the suites that do not name a build run again,
// against the add-on build (dist-addon/), so both builds pass the same tests of what they share.
process.env.HARNESS_BUILD = 'add-on';
