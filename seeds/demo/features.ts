/**
 * Feature bullets of the demo products (featured_description, one bullet per line on the product
 * page), by product code; kept apart from the catalogue table so its rows stay one line each.
 */
export const DEMO_FEATURES: Record<string, string[]> = {
  'CS-BOARDPRO-55': ['55-inch 4K touch screen', 'Dual 12 MP cameras with speaker tracking', 'Digital whiteboard with cloud saving'],
  'CS-ROOMBAR-K9': ['Automatic framing of everyone in the room', 'Noise removal and speaker tracking', 'Works with Webex, Teams and Zoom'],
  'CP-8845-K9': ['720p HD video camera', 'Bluetooth for headsets and mobiles', 'Five programmable line keys'],
  'POLY-STUDIO-X50': ['4K camera with 5x zoom', 'Poly NoiseBlockAI and Acoustic Fence', 'Runs Teams and Zoom natively'],
  'POLY-STUDIO-X30': ['4K camera with 120° field of view', 'Speaker tracking for rooms up to 6 people'],
  'LOGI-RALLY-BAR': ['15x HD zoom with motorised pan and tilt', 'RightSight auto-framing', 'Six adaptive beamforming microphones'],
  'LOGI-BRIO-4K': ['4K Ultra HD at 30 fps', 'HDR with RightLight 3', 'Windows Hello face recognition'],
  'YEA-MEETINGBAR-A30': ['Dual 8 MP cameras', 'Eight-microphone array, pickup to 5 m', 'Teams and Zoom certified'],
  'YEA-T58W': ['7-inch adjustable touch screen', 'Pop-up HD camera', 'Built-in Bluetooth and Wi-Fi'],
  'EPOS-EXPAND-80': ['Six beamforming microphones', 'Daisy-chain two units for large rooms', 'Bluetooth and USB'],
  'AC-C450HD': ['5-inch colour touch screen', 'Native Microsoft Teams interface', 'Gigabit Ethernet and Wi-Fi'],
  'ZOOM-ROOMS-LIC': ['One-click meeting start', 'Wireless content sharing', 'Calendar integration'],
  'ZM-ONE-BUS': ['Meetings for up to 300 participants', 'Single sign-on and managed domains', 'Unlimited cloud storage'],
  'DBX-BUS-STD': ['5 TB of team storage', 'Admin console and audit log', '180-day file recovery'],
  'DBX-BUS-ADV': ['Storage as you need it', 'Tiered admin roles', 'Data residency options'],
  'ACR-CP-STD': ['Backup of servers, workstations and Microsoft 365', 'Anti-malware with AI detection', 'One console for every customer'],
  'SBC-AAS-100': ['Hosted, resilient session border controllers', 'Certified for Teams Direct Routing', 'Monitoring included'],
  'STAC-TEAMS-DR': ['UK geographic numbers', 'Number porting included', 'Emergency calling'],
};
