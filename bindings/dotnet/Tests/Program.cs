// Tests of Onav.dll under Mono: run by ctest as
//   mono Onav.Tests.exe MESHES_DIR DETOUR_DIR SAVED_MESH
// (SAVED_MESH: where the nav_test.obj build is saved, for the example)
// with libonav and the struct layout helper on the library path. The last
// line is "N passed, N failed"; the exit code is 1 when anything failed.
using System;

namespace Onav.Tests
{
    static class Program
    {
        static int Main(string[] args)
        {
            if (args.Length != 3)
            {
                Console.Error.WriteLine("usage: mono Onav.Tests.exe MESHES_DIR DETOUR_DIR SAVED_MESH");
                return 2;
            }
            Check.Run("struct layout", StructLayoutTests.Run);
            Check.Run("params", ParamsTests.Run);
            Check.Run("tiles", TileTests.Run);
            Check.Run("mesh", MeshTests.Run);
            Check.Run("streamer", StreamerTests.Run);
            Check.Run("settings", SettingsTests.Run);
            Check.Run("builder input", BuilderInputTests.Run);
            Check.Run("nav mesh", () => NavMeshTests.Run(args[0], args[2]));
            Check.Run("import", () => ImportTests.Run(args[1]));
            Check.Run("crowd", CrowdTests.Run);
            Check.Run("switches", SwitchTests.Run);
            Check.Run("planar", PlanarTests.Run);
            Console.WriteLine(Check.Passed + " passed, " + Check.Failed + " failed");
            return Check.Failed == 0 ? 0 : 1;
        }
    }
}
