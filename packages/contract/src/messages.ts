/** Screen texts of SPEC §5 and §8.2, used verbatim by the web app. */
export const MESSAGES = {
  enterEmailAndPassword: 'Please enter email and password',
  accountCreated: 'Account created! Please sign in.',
  authFailed: 'Authentication failed',
  googleFailed: 'Failed to sign in with Google',
  githubFailed: 'Failed to sign in with GitHub',
  loadProjectsFailed: 'Failed to load projects',
  deleteProjectFailed: 'Failed to delete project',
  projectDeleted: 'Project deleted',
  generateFailed: 'Failed to generate code',
  saveFailed: 'Failed to save project',
  uploadFailed: 'Failed to upload file',
  enterProjectName: 'Please enter a project name',
  cannotSaveEmpty: 'Cannot save empty project',
  generateFirst: 'Generate some code first before saving',
  fileTooLarge: 'File size must be less than 5MB',
  uploadCodeOrImage: 'Please upload a code file or image',
  imageUploaded: 'Image uploaded! Use it in your prompt.',
  codeGenerated: 'Code generated successfully!',
  rolledBack: 'Rolled back to this version',
  codeCopied: 'Code copied to clipboard!',
  codeDownloaded: 'Code downloaded!',
  projectSaved: 'Project saved successfully!',
  projectUpdated: 'Project updated successfully!',
  generationLimit:
    "You've reached your monthly generation limit. Upgrade to Pro for unlimited generations!",
  editLimit: "You've reached your monthly edit limit. Upgrade to Pro for unlimited edits!",
  chatEmpty: 'No messages yet. Start by describing what you want to build!',
  promptHint: 'Press Enter to send, Shift+Enter for new line',
  upgradeFeature: 'Need more generations? Upgrade to Pro for unlimited access!',
  projectLimitTitle: 'Project Limit Reached',
  projectLimitDescription: "You've reached the maximum number of projects for your plan.",
  tagline: 'AI-powered code generation and editing for modern developers',
} as const;

/** `File "{file}" loaded successfully!` (SPEC §5). */
export function fileLoadedMessage(fileName: string): string {
  return `File "${fileName}" loaded successfully!`;
}
