/** When the admin verifies a seller someone already verified (another tab, another admin). */
export const ALREADY_VERIFIED = 'This seller is already verified';
