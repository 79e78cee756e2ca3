/** The app_settings key of the instance's default write policy (absent: DEFAULT_WRITE_POLICY). */
export const DEFAULT_POLICY_KEY = "write_policy_default";
