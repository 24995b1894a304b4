import * as migration_20261122_100614_initial from './20261122_100614_initial';

export const migrations = [
  {
    up: migration_20261122_100614_initial.up,
    down: migration_20261122_100614_initial.down,
    name: '20261122_100614_initial'
  },
];
