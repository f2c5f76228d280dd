using System.Runtime.InteropServices;

namespace Onav
{
    /// OnavDetourImportOptions: how Detour tiles are converted (DetourImport).
    [StructLayout(LayoutKind.Sequential)]
    public struct DetourImportOptions
    {
        /// The parameters' AgentMaxSlope, degrees 0..90 (Detour does not record it).
        public float MaxSlopeDegrees;
        /// How far, in cells, a portal vertex may lie from its tile boundary.
        public double BoundaryToleranceCells;

        /// The library's defaults (45 degrees, 0.25 cells).
        public static DetourImportOptions Default
        {
            get
            {
                var err = new NativeError();
                DetourImportOptions options;
                NativeStatus.Check(NativeMethods.onav_import_detour_options_default(out options, ref err), ref err);
                return options;
            }
        }
    }
}
