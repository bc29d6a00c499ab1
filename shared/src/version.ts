import sharedPackage from '../package.json';

/** Version of @loyalty/shared in this build, shown in the sidebar's version footer. */
export const SHARED_VERSION: string = sharedPackage.version;
