/**
 * Used when VITE_REOWN_PROJECT_ID is not set. AppKit needs some id to start; with this one Reown's
 * cloud answers nothing useful (no wallet directory, no QR pairing), but installed browser
 * wallets (EIP-6963) still connect and sign, also fully offline. Get a real id at cloud.reown.com.
 */
export const LOCAL_REOWN_PROJECT_ID = '00000000000000000000000000000000';

/** The Reown project id the wallet modal runs with. */
export const REOWN_PROJECT_ID: string =
  import.meta.env.VITE_REOWN_PROJECT_ID || LOCAL_REOWN_PROJECT_ID;
